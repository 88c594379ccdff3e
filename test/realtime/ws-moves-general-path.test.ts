// The moves on the socket on the general path: each viewer its own execution, mutations by graphql-js, each frame its
// own write. A client cannot tell the two paths apart except by speed.
import { socketMoveCases } from './ws-moves.cases';

socketMoveCases(['audiences', 'compiled-operations', 'turn-writes']);
