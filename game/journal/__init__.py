"""Journal events rendered for people: plain text lines (English) and JSON lines."""
