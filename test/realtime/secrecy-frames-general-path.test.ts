// The secrecy of frames on the general path: each viewer its own execution, mutations by graphql-js, each frame its
// own write. A client cannot tell the two paths apart except by speed.
import { secrecyFrameCases } from './secrecy-frames.cases';

secrecyFrameCases(['audiences', 'compiled-operations', 'turn-writes']);
