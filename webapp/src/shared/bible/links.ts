// Links that open a range in a Bible app or site (modules/bible/data/apps.json, versions.json).
import appsJson from '@bible-data/apps.json';
import versionsJson from '@bible-data/versions.json';
import { bookById } from './data';
import { ENGLISH } from './locale';
import { bookName } from './names';
import { validateRange, type VerseRange } from './ranges';
import { equalFold, toLower, trimSpace } from './text';
import { verseIdParts } from './verseId';

/** The known apps. */
export type App = 'biblegateway' | 'blueletterbible' | 'bible.com' | 'youversion';

/** The app used when none or an unknown one is chosen. */
export const DEFAULT_APP: App = 'biblegateway';
/** The version used when none or an unknown one is chosen. */
export const DEFAULT_VERSION = 'NASB2020';

/** A Bible translation links can open, with the code each app knows it by. */
export interface Version {
  /** The product's version code, e.g. "NASB2020". */
  readonly code: string;
  /** Full name in its own language. */
  readonly name: string;
  /** Locale code of its language. */
  readonly language: string;
  /** Code on Bible Gateway ("NASB" for NASB2020). */
  readonly bibleGateway: string;
  /** Code on Blue Letter Bible; empty when the site lacks it (links then use NASB2020's). */
  readonly blueLetterBible: string;
  /** Numeric version id on Bible.com and YouVersion. */
  readonly bibleCom: number;
}

/** An app, for settings screens. */
export interface AppInfo {
  readonly id: App;
  readonly name: string;
  /** The app used when none or an unknown one is chosen. */
  readonly default: boolean;
  /** The app the web app prefers on Android. */
  readonly androidDefault: boolean;
}

interface AppJson extends AppInfo {
  readonly aliases: readonly string[];
  readonly url: string;
}

const versionList = versionsJson as readonly Version[];
const appList = appsJson as readonly AppJson[];

/** The supported Bible versions. */
export function versions(): readonly Version[] {
  return versionList;
}

/** The version with the code, case-insensitively. */
export function versionByCode(code: string): Version | undefined {
  const c = trimSpace(code);
  return versionList.find((v) => equalFold(v.code, c));
}

/** The canonical code of a known version; DEFAULT_VERSION for an unknown or empty one. */
export function normalizeVersion(code: string): string {
  return versionByCode(code)?.code ?? DEFAULT_VERSION;
}

/** The known apps. */
export function apps(): AppInfo[] {
  return appList.map(({ id, name, default: isDefault, androidDefault }) => ({ id, name, default: isDefault, androidDefault }));
}

function appFor(id: string): AppJson {
  const s = toLower(trimSpace(id));
  return appList.find((a) => a.id === s || a.aliases.includes(s)) ?? appList.find((a) => a.default)!;
}

/**
 * The app named by an id or alias ("biblecom" for Bible.com), case-insensitively; DEFAULT_APP for
 * anything else, so a stale or tampered preference never breaks reading links.
 */
export function parseApp(id: string): App {
  return appFor(id).id;
}

/** Percent-encodes like Go's url.QueryEscape with "%20" for spaces (encodeURIComponent plus !'()*). */
function escapeComponent(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The URL that opens the first chapter of the range in the app and version. An unknown app means
 * DEFAULT_APP and an unknown version DEFAULT_VERSION. Throws the BibleError of validateRange for
 * an invalid range.
 */
export function link(app: string, version: string, r: VerseRange): string {
  const err = validateRange(r);
  if (err) throw err;
  const v = versionByCode(normalizeVersion(version))!;
  const blb = v.blueLetterBible || versionByCode(DEFAULT_VERSION)!.blueLetterBible;
  const { book, chapter } = verseIdParts(r.startVerseId);
  const b = bookById(book)!;
  const values: Record<string, string> = {
    englishName: escapeComponent(bookName(book, ENGLISH)),
    chapter: String(chapter),
    usfm: b.usfm,
    blb: b.blb,
    version: v.code,
    bibleGateway: v.bibleGateway,
    blueLetterBible: blb,
    bibleCom: String(v.bibleCom),
  };
  return appFor(app).url.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : placeholder,
  );
}
