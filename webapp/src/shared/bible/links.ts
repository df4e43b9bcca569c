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
export type App = 'biblegateway' | 'blueletterbible' | 'bible.com' | 'youversion' | 'logos' | 'olivetree';

/** The app used when none or an unknown one is chosen. */
export const DEFAULT_APP: App = 'biblegateway';
/** The version used when none or an unknown one is chosen. */
export const DEFAULT_VERSION = 'NASB2020';

/**
 * A Bible translation links can open, with the code each app knows it by; an empty code (0, false)
 * means the app lacks the version, and links then open the first site that has it (linkApp).
 */
export interface Version {
  /** The product's version code, e.g. "NASB2020". */
  readonly code: string;
  /** Full name in its own language. */
  readonly name: string;
  /** Locale code of its language. */
  readonly language: string;
  /** Code on Bible Gateway ("NASB" for NASB2020). */
  readonly bibleGateway: string;
  /** Code on Blue Letter Bible ("nasb20"). */
  readonly blueLetterBible: string;
  /** Numeric version id on Bible.com and YouVersion. */
  readonly bibleCom: number;
  /** Abbreviation in Logos reference links ("ESV"). */
  readonly logos: string;
  /** Whether the Olive Tree app offers it (its links name no version: the Bible open there shows). */
  readonly oliveTree: boolean;
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
  /** The Version field with the app's code of a version. */
  readonly versionKey: 'bibleGateway' | 'blueLetterBible' | 'bibleCom' | 'logos' | 'oliveTree';
  /** The app's own book codes by USFM code, for {appBook}. */
  readonly books?: Readonly<Record<string, string>>;
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

/**
 * The versions in groups by language (a locale code), the reader's language first and then in the
 * order of the list.
 */
export function versionsByLanguage(readerLanguage: string): { language: string; versions: Version[] }[] {
  const groups = new Map<string, Version[]>();
  for (const version of versionList) {
    const list = groups.get(version.language) ?? [];
    list.push(version);
    groups.set(version.language, list);
  }
  const all = [...groups].map(([language, list]) => ({ language, versions: list }));
  return [...all.filter((g) => g.language === readerLanguage), ...all.filter((g) => g.language !== readerLanguage)];
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

function carries(app: AppJson, version: Version): boolean {
  return Boolean(version[app.versionKey]);
}

function linkAppFor(id: string, version: Version): AppJson {
  const chosen = appFor(id);
  if (carries(chosen, version)) return chosen;
  // Every version is on some site (the Go kernel refuses data where one is not).
  return appList.find((a) => a.url.startsWith('https://') && carries(a, version))!;
}

/**
 * The app a link to the version opens when the reader chose `app`: that app when it carries the
 * version, else the first site that does (an unknown app means DEFAULT_APP, an unknown version
 * DEFAULT_VERSION).
 */
export function linkApp(app: string, version: string): App {
  return linkAppFor(app, versionByCode(normalizeVersion(version))!).id;
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
 * The URL that opens the first chapter of the range in the version, in the app when it carries the
 * version and otherwise in the first site that does (linkApp). An unknown app means DEFAULT_APP and
 * an unknown version DEFAULT_VERSION. Throws the BibleError of validateRange for an invalid range.
 */
export function link(app: string, version: string, r: VerseRange): string {
  const err = validateRange(r);
  if (err) throw err;
  const v = versionByCode(normalizeVersion(version))!;
  const a = linkAppFor(app, v);
  const { book, chapter } = verseIdParts(r.startVerseId);
  const b = bookById(book)!;
  const values: Record<string, string> = {
    englishName: escapeComponent(bookName(book, ENGLISH)),
    chapter: String(chapter),
    usfm: b.usfm,
    blb: b.blb,
    bookId: String(b.id),
    appBook: a.books?.[b.usfm] ?? '',
    version: v.code,
    bibleGateway: v.bibleGateway,
    blueLetterBible: v.blueLetterBible,
    bibleCom: String(v.bibleCom),
    logos: v.logos,
  };
  return a.url.replace(/\{(\w+)\}/g, (placeholder, key: string) =>
    Object.hasOwn(values, key) ? values[key]! : placeholder,
  );
}
