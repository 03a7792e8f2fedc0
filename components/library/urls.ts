export const folderHref = (id: string | null) => (id ? `/documents?folder=${encodeURIComponent(id)}` : '/documents');
export const documentHref = (id: string) => `/documents/${encodeURIComponent(id)}`;
