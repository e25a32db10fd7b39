"""`odds`: the exact odds of one option, from a scenario's start or a save's situation;
sweeps of one or two fields (`vary`), the best turn (`turn`) and every square (`squares`),
worded by `game.oddsreport`. `situation` is also the game `tune odds` weighs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from rich.console import Console

from game import oddsreport
from game.lab import report
from game.content.loader import list_scenarios, load_game_content, scenario_path
from game.i18n import _, agreeing, field_text, pgettext
from game.journal.text import namer
from game.lab.requests import OddsRequest
from game.lab.runs import LabError, said
from game.rules.engine import Game
from game.rules.errors import Impossible, UnknownName
from game.rules.policies import ProfileBook
from game.saves import load_game, save_path


def situation(content_dir: Path, scenario: str, load: str | None = None,
              saves_dir: Path | None = None) -> Game:
    """The game an option is weighed in: a save's situation (`load`, in `saves_dir`), or
    the scenario's start (seed 0)."""
    if load:
        return load_game(save_path(load, saves_dir), content_dir).game
    path = scenario_path(content_dir, scenario)
    if not path.exists():
        known = ", ".join(list_scenarios(content_dir)) or pgettext("scenarios", "none")
        raise LabError(_("no scenario {scenario!r} (known: {known})").format(
            scenario=scenario, known=known))
    # The content's errors and the scenario's in one list, as `validate` gives them.
    content, loaded = load_game_content(content_dir, path)
    return Game(content, loaded, seed=0, scenario_id=path.stem,
                policies=ProfileBook(content))


def odds(request: OddsRequest) -> int:
    """Print the odds asked (0); 1 with the reason when the option is impossible."""
    r = request
    game = situation(r.content, r.scenario, r.load, r.saves_dir)
    if r.json and r.csv:
        raise LabError(_("--json or --csv, not both"))
    sweeps = list(r.vary)
    if len(sweeps) > 2:
        raise LabError(_("--vary at most twice (rows, then columns)"))
    if sweeps and (r.turn or r.squares):
        raise LabError(_("--vary sweeps one option's odds: not with --turn or --squares"))
    if r.squares and r.square is not None:
        raise LabError(_("--squares ranks every square from where the unit stands: "
                         "not with --from"))
    choice = oddsreport.Choice(weapon=r.weapon, brawl=r.brawl, spell=r.spell)
    console = report.lab_console()
    names = namer(game)
    out = sys.stdout
    try:
        if r.turn or r.squares:
            data = oddsreport.turn_object(game, r.attacker, r.target, choice, r.square,
                                          squares=r.squares)
            if r.json:
                print(json.dumps(data))
            elif r.csv:
                out.write(oddsreport.squares_csv(data) if r.squares
                          else oddsreport.turn_csv(data))
            elif r.squares:
                oddsreport.render_squares(console, data, names)
            else:
                oddsreport.render_turn(console, data, names)
            return 0
        if sweeps:
            return _sweep(r, game, choice, console, sweeps)
        data = oddsreport.odds_object(game, r.attacker, r.target, choice, r.square)
    except UnknownName as mistyped:  # a mistyped argument, not an option the rules refuse
        raise LabError(said(mistyped)) from None
    except Impossible as refusal:
        reason = refusal.translated(agreeing(refusal.fields), field_text)
        print(_("impossible: {reason}").format(reason=reason),
              file=sys.stderr)
        return 1
    if r.json:
        print(json.dumps(data))
    elif r.csv:
        out.write(oddsreport.odds_csv(data))
    else:
        oddsreport.render(console, data, names)
    return 0


def _sweep(r: OddsRequest, game: Game, choice, console: Console, sweeps: list[str]) -> int:
    """`--vary` once (one row per value) or twice (a grid)."""
    try:
        parsed = [oddsreport.parse_vary(text) for text in sweeps]
        current = [oddsreport.current_value(game, path) for path, _values in parsed]
    except (ValueError, Impossible) as exc:
        raise LabError(said(exc)) from None
    if len(parsed) == 2:
        try:
            data = oddsreport.grid(game, r.attacker, r.target, choice, parsed[0], parsed[1],
                                   r.square)
        except ValueError as exc:
            raise LabError(str(exc)) from None
        rows = [c for line in data["cells"] for c in line]
    else:
        rows = data = oddsreport.sweep(game, r.attacker, r.target, choice, *parsed[0],
                                       r.square)
    reasons = {row.get("reason") for row in rows}
    if len(reasons) == 1 and None not in reasons:
        print(_("impossible: {reason}").format(reason=oddsreport.row_reason(rows[0])),
              file=sys.stderr)
        return 1
    if r.json:
        print(json.dumps(data))
    elif r.csv:
        sys.stdout.write(oddsreport.grid_csv(data) if len(parsed) == 2
                         else oddsreport.sweep_csv(data))
    elif len(parsed) == 2:
        oddsreport.render_grid(console, data, r.figure)
    else:
        oddsreport.render_sweep(console, data, current[0])
    return 0
