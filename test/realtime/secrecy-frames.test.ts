// The secrecy of frames on the fast paths: one execution per audience, compiled operations, one write per turn.
import { secrecyFrameCases } from './secrecy-frames.cases';

secrecyFrameCases([]);
