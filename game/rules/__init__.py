"""The rules engine: pure, typed and deterministic.

Nothing here imports the UI, touches files or uses the global random generator: dice go
through the injected `Roller`, content arrives as typed templates, and every action returns
typed journal events that are rendered to text elsewhere.
"""
