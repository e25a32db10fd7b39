"""Content: YAML files read into typed, validated templates with file:line:col errors.

Here only what names content without reading it (no YAML reader imported): the shipped
folder and where a scenario is."""

from pathlib import Path

#: The shipped content folder (here, so that naming it imports no YAML reader).
DEFAULT_CONTENT = Path(__file__).resolve().parents[2] / "content"


def list_scenarios(root: Path | str = DEFAULT_CONTENT) -> list[str]:
    return sorted(p.stem for p in (Path(root) / "scenarios").glob("*.yaml"))


def scenario_path(root: Path | str, name: str) -> Path:
    """A scenario by name in content/scenarios, or a path to a YAML file."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") and path.exists():
        return path
    return Path(root) / "scenarios" / f"{name}.yaml"
