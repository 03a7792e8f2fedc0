import { createId } from '@paralleldrive/cuid2';

export const newId = (): string => createId();
export const newDataroomPid = (): string => `dr_${createId()}`;
