"""A toy quiz competition for ttools: players answer rounds and are ranked by their total points."""
