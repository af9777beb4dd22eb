/** Who asks: a signed-in user, or any row that names its company. */
interface Viewer {
  role?: string;
  companyId: number | null;
}

/** Whether two company ids name the same company: never true for no company. */
export function sameCompany(one: number | null | undefined, other: number | null | undefined): boolean {
  return one !== null && one !== undefined && one === other;
}

/**
 * Whether `viewer` may see the company's data: a member of it, or a platform admin. The services
 * answer "not found" when it may not, so another company's ids are not told apart from missing ones.
 */
export function seesCompany(viewer: Viewer, companyId: number | null | undefined): boolean {
  return viewer.role === 'Admin' || sameCompany(viewer.companyId, companyId);
}
