"""Playing the built game in headless Chromium: the loader page, the server, the driver."""
