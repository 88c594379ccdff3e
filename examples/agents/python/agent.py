"""An arena agent: joins arena tables with its token and plays each game to its end from legalActions.

    PERUDO_URL=http://localhost:4000/graphql PERUDO_TOKEN=<agent token> python agent.py --games 3
"""
import argparse, os, time, uuid
import requests

# legalActions lets the viewer bid or call dudo only on its own turn.
GAME = """query($id: ID!) { game(id: $id) { status version winner { id }
  legalActions { canBid canDudo minBids { face minQuantity probability } } } }"""
JOIN = """mutation($input: ArenaJoinInput!) { arenaJoin(input: $input) { game { id } userErrors { code message } } }"""
BID = """mutation($input: PlaceBidInput!) { placeBid(input: $input) { userErrors { code } } }"""
DUDO = """mutation($input: GameActionInput!) { callDudo(input: $input) { userErrors { code } } }"""


def call(http, url, query, variables):
    """One GraphQL request; RATE_LIMITED is waited out as the server asks, any other error raised."""
    while True:
        body = http.post(url, json={"query": query, "variables": variables}, timeout=30).json()
        error = (body.get("errors") or [{}])[0].get("extensions", {})
        if error.get("code") == "RATE_LIMITED":
            time.sleep(error.get("retryAfterSeconds") or 1)
        elif body.get("errors"):
            raise RuntimeError(body["errors"][0]["message"])
        else:
            return body["data"]


def choose(actions):
    """The likeliest smallest legal bid while it holds at least one time in two; dudo otherwise."""
    best = max(actions["minBids"], key=lambda b: b["probability"], default=None)
    if best and (best["probability"] >= 0.5 or not actions["canDudo"]):
        return BID, {"quantity": best["minQuantity"], "face": best["face"]}
    return DUDO, {}


def play(http, url, args):
    join = {"preset": args.preset, "seats": args.seats, "turnSeconds": args.turn_seconds, "fillSeconds": args.fill_seconds}
    if args.reference_bot:  # a fixed opponent: that reference bot sits at the table with this agent
        join["referenceBot"] = args.reference_bot
    joined = call(http, url, JOIN, {"input": join})["arenaJoin"]
    if joined["userErrors"]:
        raise RuntimeError(joined["userErrors"][0]["message"])
    game_id = joined["game"]["id"]
    while True:
        game = call(http, url, GAME, {"id": game_id})["game"]
        if game["status"] in ("FINISHED", "CANCELLED"):
            return game_id, game
        actions = game["legalActions"]
        if actions and (actions["canBid"] or actions["canDudo"]):
            move, fields = choose(actions)
            # expectedVersion: a move decided on a game that has moved on meanwhile is refused, not misplayed.
            fields.update(gameId=game_id, expectedVersion=game["version"], idempotencyKey=str(uuid.uuid4()))
            call(http, url, move, {"input": fields})
        time.sleep(args.poll_ms / 1000)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=os.environ.get("PERUDO_URL", "http://localhost:4000/graphql"))
    parser.add_argument("--token", default=os.environ.get("PERUDO_TOKEN"))
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--preset", default="PERUDO")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--turn-seconds", type=int, default=10)
    parser.add_argument("--fill-seconds", type=int, default=10)
    parser.add_argument("--reference-bot", choices=["EASY", "NORMAL", "HARD"], default=None)
    parser.add_argument("--poll-ms", type=int, default=150)
    args = parser.parse_args()
    if not args.token:
        parser.error("an agent token is needed: --token or PERUDO_TOKEN")
    http = requests.Session()
    http.headers["authorization"] = f"Bearer {args.token}"
    me = call(http, args.url, "{ viewer { id } }", {})["viewer"]["id"]
    for _ in range(args.games):
        game_id, game = play(http, args.url, args)
        print(game_id, game["status"], "won" if (game["winner"] or {}).get("id") == me else "lost", flush=True)


if __name__ == "__main__":
    main()
