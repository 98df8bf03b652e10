"""Competitive Upgrade (竞技升级 Shengji): individual duplicate with seeded deals, snake seating,
board scores and matchpoints by seat."""
