export const ROLES = ['Admin', 'User'] as const;
export type Role = (typeof ROLES)[number];
