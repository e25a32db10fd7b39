"""Content: YAML files read into typed, validated templates with file:line:col errors."""

from pathlib import Path

#: The shipped content folder (here, so that naming it imports no YAML reader).
DEFAULT_CONTENT = Path(__file__).resolve().parents[2] / "content"
