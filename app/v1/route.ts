// /v1 itself is no operation: answered by the facade like any unknown route (auth, then 404).
import { handleV1 } from '@/server/rest/handler';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { handleV1 as GET, handleV1 as POST, handleV1 as PUT, handleV1 as PATCH, handleV1 as DELETE };
