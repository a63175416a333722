"""The ``tetrarchia`` command: play, replay, analyse, advise, simulate, board, options.

Exit codes: 0 done, 2 bad arguments or files (an unreadable board or save, an unknown level, an
impossible combination of optional rules ...), 130 interrupted.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Callable
from enum import StrEnum
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from tetrarchia.buildinfo import describe, stale_modules
from tetrarchia.cli.advice import AiSeats, advice_lines
from tetrarchia.cli.advice import advise as advise_actions
from tetrarchia.cli.analyse import print_analysis, run_analysis
from tetrarchia.cli.autosave import Autosave, Unfinished, unfinished_games
from tetrarchia.cli.boardinfo import board_summary, describe_board
from tetrarchia.cli.calibrate import calibrate_app
from tetrarchia.cli.games import games_app
from tetrarchia.cli.optioninfo import Chosen, describe_option, describe_options, options_summary, read_choices
from tetrarchia.cli.play import PlaySession
from tetrarchia.cli.replay import replay_game
from tetrarchia.cli.serve import seat_link, serve
from tetrarchia.cli.terminal import terminal_input
from tetrarchia.cli.texts import game_intro, recap
from tetrarchia.core.board import Board, default_board, load_board
from tetrarchia.core.engine import BARBARIAN_SEAT, roll_description
from tetrarchia.core.errors import TetrarchiaError
from tetrarchia.core.pieces import Emperor
from tetrarchia.core.settings import Level, Settings, SupportGroup
from tetrarchia.core.state import Awaiting
from tetrarchia.game import Game
from tetrarchia.players.registry import PLAYERS
from tetrarchia.seats import has_barbarian_player
from tetrarchia.simulate import SimulationReport, simulate

app = typer.Typer(
    name="tetrarchia",
    help="TETRARCHIA, the cooperative game of the four Emperors: play in the terminal, replay a "
         "saved game, simulate random games, inspect the board, list the optional rules.",
    no_args_is_help=True,
    add_completion=False,
    # click's plain help wraps the descriptions and never cuts a flag's name (Rich's panels cut
    # "--no-new-armies-advance" at 80 columns)
    rich_markup_mode=None,
)

BAD_INPUT = 2


def show_version(value: bool) -> None:
    """``--version``: the installed version and the build of the engine, then exit."""
    if value:
        try:
            number = version("tetrarchia")
        except PackageNotFoundError:  # run from a source tree that was never installed
            number = "(not installed)"
        typer.echo(f"tetrarchia {number}")
        raise typer.Exit()


@app.callback()
def main(
    version_flag: Annotated[bool, typer.Option(
        "--version", callback=show_version, is_eager=True,
        help="Print the version and exit.")] = False,
) -> None:
    """TETRARCHIA, the cooperative game of the four Emperors: play in the terminal, replay a
    saved game, simulate random games, inspect the board, list the optional rules."""


class Caesar(StrEnum):
    GALERIUS = "Galerius"
    CONSTANTIUS = "Constantius"


LevelOption = Annotated[str | None, typer.Option(
    "--level", help="Difficulty GFRA: garrisons 5/4/3, fleets 3/2/1, additional revolts 0/1/2, "
                    "initial armies 0/1/2 (81 levels; default 4211).")]
PlayersOption = Annotated[int | None, typer.Option(
    "--players", min=1, max=5, help="1-4 players (R10); every game plays all four Emperors. 5: four "
                                    "Emperor players and the Barbarian player (Barbaria, R12.6); "
                                    "with --variant barbaria, N players plus the Barbarian player.")]
WithOption = Annotated[list[str] | None, typer.Option(
    "--with", help="Modules of the Dux expansion (R11), comma-separated or repeated: dux, vicarius, "
                   "pirates, goths.")]
VariantOption = Annotated[list[str] | None, typer.Option(
    "--variant", help="Variants (R12), comma-separated or repeated: imperivm, imperivm-1st, "
                      "mare-nostrvm, via-romana, vsvrpator, roma-aeterna, the-great, barbaria, "
                      "diarchia, patres-patriae.")]
ScenarioOption = Annotated[list[str] | None, typer.Option(
    "--scenario", help="A historical scenario (R13): carausian-revolt, danubian-wars, "
                       "mauretanian-war, great-persian-war.  A scenario is played at its own "
                       "level (--level is refused with it; its --param values change its setup).")]
ParamOption = Annotated[list[str] | None, typer.Option(
    "--param", help="A parameter of a chosen option, OPTION.NAME=VALUE (repeatable), e.g. "
                    "barbaria.redirect=stay, danubian-wars.garrisons=3. See: tetrarchia options.")]
SharedOption = Annotated[Caesar, typer.Option(
    "--shared-caesar", case_sensitive=False, help="3 players: the Caesar they share (his Augustus's "
                                                  "player decides).")]
BoardOption = Annotated[Path | None, typer.Option(
    "--board", help="A board file (TOML) to use instead of the reconstruction shipped.")]
NoAdvanceOption = Annotated[bool, typer.Option(
    "--no-new-armies-advance", help="D2 off: armies placed in a Barbarian phase wait for the next one.")]
RerollOption = Annotated[bool, typer.Option(
    "--reroll-broken-links", help="D3 off: roll a broken link at every crossing, not once per "
                                  "spreading or uprising.")]
SupportOption = Annotated[SupportGroup, typer.Option(
    "--support", case_sensitive=False, help="D6: the support group that counts (largest for both "
                                            "sides, or players-choose: largest Roman, smallest Barbarian).")]


def fail(message: str) -> NoReturn:
    """Print the error on stderr and leave with exit code 2."""
    Console(stderr=True, highlight=False).print(Text(f"Error: {message}", style="bold red"))
    raise typer.Exit(BAD_INPUT)


def board_or_fail(path: Path | None) -> Board:
    try:
        return load_board(path) if path is not None else default_board()
    except TetrarchiaError as exc:
        fail(str(exc))


def game_or_fail(path: Path, board: Board) -> Game:
    """A saved game, or an exit with the reason: one refusal for every command that reads a save
    (play --load, replay, advise, analyse)."""
    try:
        return Game.load(path, board)
    except TetrarchiaError as exc:
        fail(str(exc))


EMPEROR_SEATS = 4  # --players 5: four Emperor players and the Barbarian player (R12.6)


def choices_or_fail(with_: list[str] | None = None, variants: list[str] | None = None,
                    scenario: list[str] | str | None = None, params: list[str] | None = None,
                    players: int | None = None) -> Chosen:
    """The optional rules named on the command line; a wrong name or family exits with 2."""
    try:
        return read_choices(with_, variants, scenario, params,
                            barbarian_player=players is not None and players > EMPEROR_SEATS)
    except TetrarchiaError as exc:
        fail(str(exc))


def settings_or_fail(level: str | None, players: int | None, shared_caesar: Caesar,
                     no_new_armies_advance: bool, reroll_broken_links: bool,
                     support: SupportGroup, chosen: Chosen | None = None) -> Settings:
    """The settings of a new game.  A scenario without --level is played at its own level (R13);
    --players 5 means four Emperor players and the Barbarian player (R12.6)."""
    chosen = chosen or Chosen()
    try:
        scenario_level = chosen.scenario_level()
    except TetrarchiaError as exc:
        fail(str(exc))
    if level is None and scenario_level is not None:
        parsed = scenario_level
    else:
        text = level if level is not None else "4211"
        try:
            parsed = Level.parse(text)
        except TetrarchiaError as exc:
            message = str(exc)
            fail(message if repr(text) in message else f"difficulty level {text!r}: {message}")
    emperor_players = min(players, EMPEROR_SEATS) if players is not None else 1
    try:
        return Settings(
            level=parsed,
            players=emperor_players,
            shared_caesar=Emperor[shared_caesar.name],
            new_armies_advance=not no_new_armies_advance,
            broken_link_once=not reroll_broken_links,
            support_group=support,
            options=chosen.options,
            params=chosen.params,
        )
    except TetrarchiaError as exc:
        fail(str(exc))


@app.command()
def play(
    level: LevelOption = None,
    players: PlayersOption = None,
    shared_caesar: SharedOption = Caesar.GALERIUS,
    seed: Annotated[int | None, typer.Option(
        "--seed", help="Seed of the dice; default: a random seed, printed so the game can be "
                       "played again.")] = None,
    board: BoardOption = None,
    load: Annotated[Path | None, typer.Option("--load", help="Resume a saved game.")] = None,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Resume one of the last unfinished games (every game is autosaved "
                         "after every action in the user's data directory).")] = False,
    no_new_armies_advance: NoAdvanceOption = False,
    reroll_broken_links: RerollOption = False,
    support: SupportOption = SupportGroup.LARGEST,
    with_: WithOption = None,
    variant: VariantOption = None,
    scenario: ScenarioOption = None,
    param: ParamOption = None,
    ai: Annotated[str | None, typer.Option(
        "--ai", help="Seats the AI plays, comma-separated: Emperors' names and/or barbarian "
                     "(e.g. galerius,maximian); each AI move is explained in a line.")] = None,
    ai_player: Annotated[str, typer.Option(
        "--ai-player", help=f"The AI for --ai: {', '.join(sorted(PLAYERS))}.")] = "search",
) -> None:
    """Play a game in the terminal: the game rolls the dice, you type the Emperors' actions (and
    the Barbarian player's, with Barbaria); --ai hands seats to the computer."""
    console = Console(highlight=False)
    the_board = board_or_fail(board)
    interactive = sys.stdin.isatty()
    ask = terminal_input(console, the_board)
    autosave: Autosave | None = None
    if resume and load is None:
        picked = pick_unfinished(console, ask)
        if picked is None:
            raise typer.Exit(0)
        load, autosave = picked.path, Autosave(picked.path)
    if load is not None:
        game = game_or_fail(load, the_board)
        given = [name for name, value in (("--level", level), ("--players", players), ("--seed", seed),
                                          ("--with", with_), ("--variant", variant),
                                          ("--scenario", scenario), ("--param", param))
                 if value is not None]
        given += [name for name, value in (("--no-new-armies-advance", no_new_armies_advance),
                                           ("--reroll-broken-links", reroll_broken_links),
                                           ("--support", support is not SupportGroup.LARGEST),
                                           ("--shared-caesar", shared_caesar is not Caesar.GALERIUS))
                  if value]
        if given:  # issue 30: every flag ignored is said, by its name
            console.print(f"Note: a loaded game keeps its own settings (its options included) and "
                          f"seed: {', '.join(given)} {'is' if len(given) == 1 else 'are'} ignored.",
                          style="yellow", markup=False, highlight=False)
    else:
        chosen = choices_or_fail(with_, variant, scenario, param, players)
        settings = settings_or_fail(level, players, shared_caesar, no_new_armies_advance,
                                    reroll_broken_links, support, chosen)
        game = Game.new(settings, the_board, seed=seed if seed is not None else secrets.randbelow(10**6))
        waiting = unfinished_games()
        if waiting:
            console.print(f"{len(waiting)} unfinished game{'s' if len(waiting) > 1 else ''} "
                          f"autosaved, the last on {waiting[0].describe()}: tetrarchia play --resume",
                          markup=False, highlight=False)
    try:
        seats = AiSeats(ai, ai_player, game.seed or 1) if ai else None
    except TetrarchiaError as exc:
        fail(str(exc))
    for note in ignored_ai_flags(seats, ai_player, game.state.settings):
        console.print(f"Note: {note}", style="yellow", markup=False, highlight=False)
    if autosave is None:
        autosave = Autosave.new(game)
    session = PlaySession(game, console, ask, intro=game_intro(game, load), autosave=autosave,
                          interactive=interactive, pause=interactive,
                          recap=recap(game) if load is not None else None, ai=seats)
    try:
        code = session.run()
    except KeyboardInterrupt:  # outside the loop (the end of a game): the autosave holds
        console.print(f"\nInterrupted: {session.kept()}", markup=False, highlight=False)
        code = 130
    raise typer.Exit(code)


def ignored_ai_flags(seats: AiSeats | None, ai_player: str, settings: Settings) -> list[str]:
    """What of ``--ai`` and ``--ai-player`` has no effect in this game, said rather than ignored
    without a word (issue 30); ``--ai barbarian`` is dropped where no one plays the Barbarians."""
    if seats is None:
        return [f"--ai-player {ai_player} is ignored: no seat is given to the AI (--ai)."] \
            if ai_player != "search" else []
    notes = []
    if BARBARIAN_SEAT in seats.seats and not has_barbarian_player(settings):
        del seats.seats[BARBARIAN_SEAT]
        notes.append("--ai barbarian is ignored: this game has no Barbarian player (Barbaria, "
                     "R12.6: --with barbaria --players 5).")
    if seats.seats:
        named = ", ".join("the Barbarian player" if s == BARBARIAN_SEAT else Emperor(s).title
                          for s in sorted(seats.seats))
        notes.append(f"The AI ({ai_player}) plays {named}; the header marks its seats (AI and "
                     "their initials).")
    return notes


def pick_unfinished(console: Console, ask: Callable[[str], str]) -> Unfinished | None:
    """--resume: the last unfinished games, newest first; Enter takes the newest."""
    waiting = unfinished_games()
    if not waiting:
        console.print("No unfinished game is autosaved: start one with tetrarchia play.",
                      markup=False, highlight=False)
        return None
    console.print("Unfinished games (autosaved):", markup=False)
    for n, entry in enumerate(waiting, 1):
        console.print(f"  {n} {entry.describe()}", markup=False, highlight=False)
    while True:
        try:
            answer = ask(f"Resume which game? 1-{len(waiting)} (Enter: 1) > ").strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            return waiting[0]
        if answer.isascii() and answer.isdigit() and 1 <= int(answer) <= len(waiting):
            return waiting[int(answer) - 1]
        console.print(Text(f"Refused: there is no game {answer!r}: choose 1 to {len(waiting)}",
                           style="bold red"))


@app.command()
def advise(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE' during play.")],
    count: Annotated[int, typer.Option("--count", min=1, max=10, help="How many actions.")] = 3,
    seconds: Annotated[float, typer.Option(
        "--seconds", min=0.1, max=600, help="Time to think: the more, the more continuations.")] = 2.0,
    games: Annotated[int | None, typer.Option(
        "--games", "--playouts", min=2,
        help="Continuations after each action listed, instead of a time (the same answer on "
             "every machine).")] = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the continuations' dice.")] = 1,
    board: BoardOption = None,
) -> None:
    """The best few actions for the seat deciding in a saved game, with the chance of winning
    after each, its 95% interval and why.  The saved game is not changed."""
    console = Console(highlight=False)
    the_board = board_or_fail(board)
    game = game_or_fail(file, the_board)
    state = game.state
    if state.is_over:
        fail("the game is over: no more actions to advise")
    if state.awaiting is Awaiting.ROLL:
        fail(f"the game waits for dice ({roll_description(state)}): play on to the next decision "
             "first (tetrarchia play --load)")
    for line in advice_lines(state, advise_actions(state, count, seconds=seconds, games=games, seed=seed)):
        console.print(line, markup=False, highlight=False)


@app.command()
def analyse(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE' (or exported from the "
                                              "browser), finished or not.")],
    seconds: Annotated[float, typer.Option(
        "--seconds", min=0.05, help="The search's time per decision (the sampling stops then).")] = 1.0,
    samples: Annotated[int, typer.Option(
        "--samples", min=2, max=256, help="Continuations with seeded dice per plan judged.")] = 16,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the continuations' dice.")] = 1,
    workers: Annotated[int, typer.Option("--workers", min=1, max=64,
                                         help="Processes judging the decisions.")] = 1,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    board: BoardOption = None,
) -> None:
    """Analyse a saved game as chess players do: every Roman decision judged by the search (the
    chance of winning before and after, the best alternative), the chance over the game with the
    Barbarian phases' dice, the decisions that cost the most, and why the game ended.  The saved
    game is not changed."""
    console = Console(highlight=False)
    the_board = board_or_fail(board)
    game = game_or_fail(file, the_board)
    progress = Console(stderr=True, highlight=False)
    result = run_analysis(game, progress, seconds, samples, seed, workers,
                          show_progress=progress.is_terminal)
    if as_json:
        typer.echo(json.dumps(result.to_json(), indent=1))
    else:
        print_analysis(result, the_board, console)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game saved with 'save FILE' during play.")],
    step: Annotated[bool, typer.Option(
        "--step", help="Move through the game: Enter goes to the next Roman phase, + and - one "
                       "action, r N to round N, t N EMPEROR to his turn, b to the next Barbarian "
                       "phase, p back a Roman phase, q stops.")] = False,
    board: BoardOption = None,
    final: Annotated[bool, typer.Option("--final", help="Show the final board.")] = False,
) -> None:
    """Step through a saved game: every action and what it made happen."""
    console = Console(highlight=False)
    the_board = board_or_fail(board)
    game = game_or_fail(file, the_board)
    replay_game(game, console, terminal_input(console) if step else None, step=step, final=final)


@app.command("simulate")
def simulate_command(
    level: Annotated[str | None, typer.Option(
        "--level", help="Difficulty GFRA (default 4211, or the scenario's).")] = None,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option("--seed", help="Game i uses seed S + i.")] = 1,
    players: PlayersOption = None,
    board: BoardOption = None,
    no_new_armies_advance: NoAdvanceOption = False,
    reroll_broken_links: RerollOption = False,
    support: SupportOption = SupportGroup.LARGEST,
    as_json: Annotated[bool, typer.Option("--json", help="Machine-readable output.")] = False,
    with_: WithOption = None,
    variant: VariantOption = None,
    scenario: ScenarioOption = None,
    param: ParamOption = None,
    player: Annotated[str, typer.Option(
        "--player", help=f"Who plays every seat: {', '.join(sorted(PLAYERS))}.")] = "random",
) -> None:
    """Play whole games with an automatic player at every seat (the Barbarian player's too, with
    Barbaria) and seeded dice, and sum them up."""
    chosen = choices_or_fail(with_, variant, scenario, param, players)
    settings = settings_or_fail(level, players, Caesar.GALERIUS, no_new_armies_advance,
                                reroll_broken_links, support, chosen)
    try:
        report = simulate(settings, games, seed, board_or_fail(board), player)
    except TetrarchiaError as exc:
        fail(str(exc))
    if as_json:
        typer.echo(json.dumps(report.to_json(), indent=1))
    else:
        print_report(report, Console(highlight=False))


def print_report(report: SimulationReport, console: Console) -> None:
    games = report.games
    first, last = report.seed, report.seed + games - 1

    def share(n: int) -> str:
        return f"{n} ({100 * n / games:.1f}%)" if games else str(n)

    console.print(f"{games} {report.player} games at level {report.settings.level}, "
                  f"seeds {first}-{last}")
    options = options_summary(report.settings)
    if options:
        console.print(f"  {options}", markup=False)
    console.print(f"  wins (Roma Victrix)      {share(report.wins)}")
    console.print(f"  losses                   {share(report.losses)}")
    console.print(f"    army in Roma           {share(report.army_in_roma)}")
    console.print(f"    reserve empty          {share(report.reserve_empty)}")
    if report.barbarian_wins is not None:
        console.print(f"  Barbarian player wins    {share(report.barbarian_wins)}")
    if report.unfinished:
        console.print(f"  unfinished (turn limit)  {share(report.unfinished)}")
    console.print(f"  average length           {report.average_rounds:.2f} rounds, "
                  f"{report.average_turns:.2f} turns")
    console.print(f"  average score            {report.average_score:.2f}")
    console.print(f"  speed                    {report.games_per_second:.1f} games per second")


@app.command("options")
def options_command(
    name: Annotated[str | None, typer.Argument(
        help="One option (key or alias) to show in full, with its rule text.")] = None,
) -> None:
    """List the optional rules (R11-R13) with their names, rules, parameters and combinations,
    or show one of them in full."""
    console = Console(highlight=False)
    if name is None:
        describe_options(console)
        return
    try:
        describe_option(name, console)
    except TetrarchiaError as exc:
        fail(str(exc))


@app.command("board")
def board_command(
    check: Annotated[Path | None, typer.Option("--check", help="Validate this board file.")] = None,
    board: BoardOption = None,
) -> None:
    """Show the board data (a reconstruction), or check a board file."""
    console = Console(highlight=False)
    if check is not None:
        checked = board_or_fail(check)
        console.print(f"OK: {check} is a valid board: {board_summary(checked)}.", markup=False)
        return
    describe_board(board_or_fail(board), console)


@app.command("doctor")
def doctor_command() -> None:
    """Say which build of the rules engine runs: pure Python, or compiled with mypyc (and which
    modules); exit 1 when a compiled module no longer matches its edited source."""
    for line in describe():
        typer.echo(line)
    if stale_modules():
        raise typer.Exit(1)


app.command("serve")(serve)  # the browser board (issue 9): its own module, cli/serve.py
app.command("seat-link")(seat_link)  # a seat's secret link, for the host (issue 11)
app.add_typer(games_app, name="games")  # the host's stored games (issue 11): cli/games.py
app.add_typer(calibrate_app, name="calibrate")  # issue 12: cli/calibrate.py


if __name__ == "__main__":  # pragma: no cover
    app()
