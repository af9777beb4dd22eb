export const CONTENT_OVERVIEW_PATH = '/admin/content/overview';
export const contentDetailPath = (id: number) => `/admin/content/detail/${id}`;
