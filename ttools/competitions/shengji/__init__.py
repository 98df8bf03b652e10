"""Competitive Upgrade (競技升級 Shengji): individual duplicate with seeded deals, snake seating,
board scores and matchpoints by seat."""
