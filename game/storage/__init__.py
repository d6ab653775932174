"""Settings, statistics and saved matches."""
