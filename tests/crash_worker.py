"""Child process for the crash test: plays a fixed script of actions on one
table, printing the sequence number after each accepted (committed) action."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion import registry  # noqa: E402
from companion.storage import Store  # noqa: E402

registry.GAMES["toy"] = "toy"


def script_action(seq, state):
    """The deterministic action number `seq` (1-based) given the state before it."""
    from companion.core import Action

    if state.pile <= 3:
        return Action.make("fix", None, pile=1000)
    return Action.make("take", state.turn, n=1 + seq % 3)


def main():
    db, table_id, total = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    store = Store(db)
    stored = store.open_table(table_id)
    while stored.session.cursor < total:
        seq = stored.session.cursor + 1
        stored.apply(script_action(seq, stored.state))
        print(seq, flush=True)


if __name__ == "__main__":
    main()
