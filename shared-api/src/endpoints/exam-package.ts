/**
 * Exams as packages (docs/exam-package.md): the export of an exam as a ZIP, the template package, and the import of a
 * package as a new hidden exam (a dry run first: the report by row and column). The files come back as object URLs
 * for the screen to save (a Blob is no value for the store); the import reports its upload's progress, which fetch
 * cannot, so it goes through XMLHttpRequest.
 */
import { api, apiUrl, authHeader, type ApiFailure, type SessionState } from 'shared-api';
import type { PackageImported, PackageReport } from '../exam-package';

export type { PackageImported, PackageProblem, PackageReport } from '../exam-package';

/** A file the server sent: its name (from Content-Disposition) and an object URL of its bytes (revoke it when saved). */
export interface DownloadedFile {
  filename: string;
  url: string;
}

/** Where an import is: uploading (the fraction sent), or the server reading and checking the package. */
export type ImportProgress = { phase: 'upload'; fraction: number } | { phase: 'processing' };

export interface ImportArgs {
  userId: string;
  file: Blob;
  /** the new exam's title instead of the package's */
  title?: string;
  /** only the report: nothing is written */
  dryRun: boolean;
  onProgress?: (p: ImportProgress) => void;
}

/** The file name of a Content-Disposition header (its UTF-8 `filename*` when there is one). */
export function dispositionName(header: string | null, fallback: string): string {
  const star = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch { /* a broken encoding: the plain name */ }
  }
  return (header && /filename="([^"]+)"/i.exec(header)?.[1]) || fallback;
}

const tokenOf = (getState: () => unknown) => (getState() as { session: SessionState }).session.token;

/** GET a file of the API; `{ data: DownloadedFile }` or `{ error: ApiFailure }`. */
async function download(path: string, token: string | null, fallback: string): Promise<{ data: DownloadedFile } | { error: ApiFailure }> {
  try {
    const res = await fetch(apiUrl(path), { headers: authHeader(token) });
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
      return { error: { status: res.status, error: typeof body?.error === 'string' ? body.error : res.statusText } };
    }
    const blob = await res.blob();
    return { data: { filename: dispositionName(res.headers.get('content-disposition'), fallback), url: URL.createObjectURL(blob) } };
  } catch {
    return { error: { status: 0, error: /*i18n*/ 'Network Error' } };
  }
}

/** POST exams/import with progress: the report (dry run) or the new exam; a refusal with its report in `data`. */
function upload(args: ImportArgs, token: string | null): Promise<{ data: PackageReport | PackageImported } | { error: ApiFailure }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(`exams/import/${args.userId}`, args.dryRun ? { dryRun: 'true' } : undefined));
    for (const [k, v] of Object.entries(authHeader(token))) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) args.onProgress?.({ phase: 'upload', fraction: e.loaded / e.total }); };
    xhr.upload.onload = () => args.onProgress?.({ phase: 'processing' });
    xhr.onload = () => {
      let body: Record<string, unknown> | null = null;
      try { body = JSON.parse(xhr.responseText) as Record<string, unknown>; } catch { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300 && body) resolve({ data: body as unknown as PackageReport | PackageImported });
      else resolve({ error: { status: xhr.status, error: typeof body?.error === 'string' ? body.error : xhr.statusText, ...(body ? { data: body } : {}) } });
    };
    xhr.onerror = () => resolve({ error: { status: 0, error: /*i18n*/ 'Network Error' } });
    const form = new FormData();
    if (args.title?.trim()) form.append('title', args.title.trim());
    form.append('file', args.file);
    xhr.send(form);
  });
}

export const examPackageApi = api.injectEndpoints({
  endpoints: (b) => ({
    /** The exam as a package (its owner or an admin). */
    exportExam: b.mutation<DownloadedFile, { examId: string; userId: string }>({
      queryFn: ({ examId, userId }, { getState }) => download(`exams/export/${examId}/${userId}`, tokenOf(getState), 'exam.zip'),
    }),
    /** The template package the import dialog offers. */
    getPackageTemplate: b.mutation<DownloadedFile, { userId: string }>({
      queryFn: ({ userId }, { getState }) => download(`exams/import/template/${userId}`, tokenOf(getState), 'exam-package-template.zip'),
    }),
    /** A dry run's report, or a new hidden exam; a package with problems fails with its report in `error.data.report`. */
    importExam: b.mutation<PackageReport | PackageImported, ImportArgs>({
      queryFn: (args, { getState }) => upload(args, tokenOf(getState)),
      invalidatesTags: (_r, error, args) => (args.dryRun || error ? [] : [{ type: 'Exam', id: 'LIST' }, 'Stats']),
    }),
  }),
});

export const { useExportExamMutation, useGetPackageTemplateMutation, useImportExamMutation } = examPackageApi;
