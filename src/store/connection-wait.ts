// The database's "no connection came in time", for the layers above the store (they may not import database/).
export { CONNECTION_WAIT_MS, isConnectionWaitTimeout } from '../database/connection-wait';
