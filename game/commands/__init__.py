"""The command line's commands, one module each: `declare(sub)` adds its sub-parser (its
arguments and help) and `run(args)` reads them, calls the module that owns the work (the
saves, the scripts, the table, the journal's export, the lab…) and prints what it returns;
its exit code is the command's. `game.cli` assembles them (`COMMANDS`, in `--help`'s order).

A command module imports its owners inside `run`, when the command is the one asked:
`--help` and `play` start without the content loader, the engine, the lab or numpy.
"""
