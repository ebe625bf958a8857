/**
 * ZIP files received from people (exam packages, and the XLSX workbooks inside them, which are ZIPs too), read with
 * yauzl: every entry is checked from the central directory before a byte is inflated, and any refusal is a 400 with
 * a clear message, never a file written anywhere or a 5xx. Refused: a path that is absolute or climbs out (`../`), a
 * link, two entries of one name (letter case aside), an encrypted entry, more entries than the limit, a total
 * unpacked size over the limit, an entry that unpacks over `ratio` times its packed size (a ZIP bomb). An entry is
 * inflated only when asked for, at most to its declared size: yauzl's validateEntrySizes fails one whose data unpacks
 * to more (or less) than its header says, so the declared sizes bound the memory used.
 * yauzl rather than fflate: fflate does not expose an entry's external attributes, where a link is marked.
 */
import { buffer as readStream } from 'node:stream/consumers';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { HttpError } from '../../errors.ts';

export interface ArchiveLimits {
  /** entries at most (folders included) */
  entries: number;
  /** the sum of the entries' unpacked sizes at most */
  unpackedBytes: number;
  /** an entry of 1 MiB or more unpacked may be at most this many times its packed size */
  ratio: number;
}

/** Entries under this size are not held to the ratio (small XML and CSV files pack very well and are harmless). */
const RATIO_FROM_BYTES = 1024 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
// oxlint-disable-next-line no-control-regex -- control characters are what this looks for
const CONTROL_RE = /[\u0000-\u001f\u007f]/;

export const ARCHIVE_MSG = {
  unreadable: 'The file cannot be read as a ZIP file',
} as const;

/** The key two names are compared by: "Media/Q1.png" and "media/q1.png" are the same file to a person (and to Windows). */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

export class Archive {
  private constructor(
    private readonly zip: ZipFile,
    /** file entries by nameKey (folders left out) */
    private readonly files: Map<string, { name: string; entry: Entry }>,
    /** the archive's entry names as given, folders left out */
    readonly names: string[],
  ) {}

  /** Reads and checks the central directory of `data` (400 when it is not a ZIP or any entry is refused). */
  /** `what`: 'The package' or 'The workbook', as the messages name it */
  static async open(data: Buffer, limits: ArchiveLimits, what: 'The package' | 'The workbook'): Promise<Archive> {
    let zip: ZipFile;
    try {
      zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true });
    } catch {
      throw new HttpError(400, ARCHIVE_MSG.unreadable);
    }
    try {
      if (zip.entryCount > limits.entries) throw new HttpError(400, `${what} cannot hold more than ${limits.entries} files`);
      const files = new Map<string, { name: string; entry: Entry }>();
      const names: string[] = [];
      let unpacked = 0;
      let entries: AsyncIterableIterator<Entry>;
      try {
        entries = zip.eachEntry();
      } catch {
        throw new HttpError(400, ARCHIVE_MSG.unreadable);
      }
      for (;;) {
        let next: IteratorResult<Entry>;
        try {
          next = await entries.next();
        } catch {
          throw new HttpError(400, ARCHIVE_MSG.unreadable);
        }
        if (next.done) break;
        const entry = next.value;
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
        if (yauzl.validateFileName(name) !== null || CONTROL_RE.test(name) || name.length > 500) {
          throw new HttpError(400, `${what} holds a file whose path is not safe: ${printable(name)}`);
        }
        if (((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK) throw new HttpError(400, `${what} holds a link, not a file: ${name}`);
        if (entry.isEncrypted()) throw new HttpError(400, `${what} holds an encrypted file: ${name}`);
        unpacked += entry.uncompressedSize;
        if (unpacked > limits.unpackedBytes) {
          throw new HttpError(400, `${what} unpacks to more than ${Math.floor(limits.unpackedBytes / (1024 * 1024))} MB`);
        }
        if (entry.uncompressedSize >= RATIO_FROM_BYTES && entry.uncompressedSize > limits.ratio * Math.max(1, entry.compressedSize)) {
          throw new HttpError(400, `${what} holds a file packed too tightly to be safe: ${name}`);
        }
        if (name.endsWith('/')) continue; // a folder
        const key = nameKey(name);
        if (files.has(key)) throw new HttpError(400, `${what} holds two files named ${name}`);
        files.set(key, { name, entry });
        names.push(name);
      }
      return new Archive(zip, files, names);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  has(name: string): boolean {
    return this.files.has(nameKey(name));
  }

  /** The unpacked size an entry declares (the size it is read at), or undefined when there is no such file. */
  size(name: string): number | undefined {
    return this.files.get(nameKey(name))?.entry.uncompressedSize;
  }

  /** The unpacked bytes of the file `name` (400 when its data is broken or unpacks to another size than declared). */
  async read(name: string): Promise<Buffer> {
    const file = this.files.get(nameKey(name));
    if (!file) throw new Error(`no file ${name} in the archive`);
    try {
      return await readStream(await this.zip.openReadStreamPromise(file.entry));
    } catch {
      throw new HttpError(400, `The file ${file.name} in the package cannot be read`);
    }
  }

  close(): void {
    this.zip.close();
  }
}

/** A name as it may be shown: control characters replaced. */
const printable = (name: string) => name.replace(new RegExp(CONTROL_RE.source, 'g'), '?').slice(0, 200);
