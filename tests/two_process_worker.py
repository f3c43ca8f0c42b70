"""Child process for the two-process test: random moves, undos, redos and
corrections on one table shared with another process, printing one JSON line
per acknowledged (committed) write with the table rev it produced."""

import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from companion import registry  # noqa: E402
from companion.core import Action, StaleTable  # noqa: E402
from companion.storage import Store  # noqa: E402

registry.GAMES["toy"] = "toy"


def main():
    db, table_id, seed, count = Path(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    rng = random.Random(seed)
    store = Store(db)
    stored = store.open_table(table_id)
    go = db.with_name("go")
    while not go.exists():  # start together with the other process
        time.sleep(0.005)
    for _ in range(count):
        if rng.random() < 0.2:
            stored.sync()
        roll = rng.random()
        try:
            if roll < 0.2 and stored.session.can_undo():
                stored.undo()
                ack = {"op": "undo"}
            elif roll < 0.3 and stored.session.can_redo():
                stored.redo()
                ack = {"op": "redo"}
            else:
                state = stored.state
                if state.pile <= 3 or roll > 0.9:
                    action = Action.make("fix", None, pile=rng.randint(10, 60))
                else:
                    action = Action.make("take", state.turn, n=rng.randint(1, 3))
                stored.apply(action)
                ack = {"op": "apply", "action": action.to_json()}
        except StaleTable:
            print(json.dumps({"op": "stale"}), flush=True)
            continue
        ack["rev"] = stored.rev
        print(json.dumps(ack), flush=True)


if __name__ == "__main__":
    main()
