// The moves on the socket on the fast paths: one execution per audience, compiled operations, one write per turn.
import { socketMoveCases } from './ws-moves.cases';

socketMoveCases([]);
