// What a front-end's game page imports of the package, for the size budget (scripts/size.mjs): a client, one
// live game shown as it changes, moves on the viewer's turn, the end and a dice mismatch told.
import { createClient, type GameState } from '../src/index.js';

const params = new URLSearchParams(location.search);
const client = createClient({ url: params.get('api') ?? '/graphql', token: localStorage.getItem('token') });
const live = client.game(params.get('game') ?? '');
const status = document.querySelector<HTMLElement>('#status')!;
const moves = document.querySelector<HTMLElement>('#moves')!;

function button(label: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button');
  b.textContent = label;
  b.onclick = onClick;
  return b;
}

live.on('change', (game: GameState) => {
  const bid = game.currentRound?.bids.at(-1);
  status.textContent = `${game.status} · round ${game.currentRound?.number ?? 0} · ${bid ? `${bid.quantity}×${bid.face}` : 'no bid'}`;
  moves.replaceChildren();
});
live.on('turn', (game: GameState) => {
  const legal = game.legalActions;
  if (!legal) return;
  for (const { face, minQuantity } of legal.minBids) {
    moves.append(button(`${minQuantity}×${face}`, () => void live.bid(minQuantity, face)));
  }
  if (legal.canDudo) moves.append(button('Dudo!', () => void live.dudo()));
  if (legal.canExact) moves.append(button('Calza', () => void live.exact()));
});
live.on('mismatch', (mismatch) => alert(`Round ${mismatch.round}: the dice do not verify`));
live.on('end', (game: GameState) => {
  status.textContent = `Winner: ${game.winner?.name ?? 'nobody'}`;
  void client.close();
});
