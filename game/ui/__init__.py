"""The Textual app: a thin layer that sends commands to the engine and draws its events."""
