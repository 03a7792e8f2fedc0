import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers';

type Out = inferRouterOutputs<AppRouter>;

export type DocumentItem = Out['documents']['get'];
export type FolderItem = Out['folders']['get'];
export type VersionItem = Out['documents']['versions']['get'];

export type RouterOutputs = Out;
export type RouterInputs = inferRouterInputs<AppRouter>;
