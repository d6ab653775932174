"""Gin Rummy: a rules engine, AI players and a pygame-ce table."""
