"""Content: YAML files read into typed, validated templates with file:line:col errors."""
