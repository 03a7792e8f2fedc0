// /v1 itself is no operation: answered by the facade like any unknown route (auth, then 404).
export { DELETE, GET, PATCH, POST, PUT, dynamic, runtime } from './[...path]/route';
