import { DEFAULT_CODE_TEMPLATES } from '@oj/shared/data/code-templates';
import {
  EDITOR_THEMES,
  LANGUAGES,
  STANDARDS_OF,
  type EditorTheme,
  type Language,
  type LanguageOptions,
} from '../../lib/contract';

/**
 * What the solving page remembers in localStorage: the code per problem and language (so switching
 * language or coming back later finds it again), the editor theme and the last language used.
 */

/**
 * Where a draft is kept: the bank's by problem id (`oj.code.1000.C++`); a contest's problem by
 * contest and problem (`oj.code.contest.7.0.1000.C++`), so that a contest never opens with the code
 * last typed on the bank's copy of the problem, nor another contest's (issue 29).
 */
export type DraftKey = number | string;
export const contestDraftKey = (competitionId: number, index: number, problemId: number): DraftKey =>
  `contest.${competitionId}.${index}.${problemId}`;
const codeKey = (draft: DraftKey, language: Language) => `oj.code.${draft}.${language}`;
const THEME_KEY = 'oj.editor.theme';
const LANGUAGE_KEY = 'oj.editor.language';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode): behave as if nothing was kept
  }
}
function write(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // full or disabled: the code stays in the page, it is just not remembered
  }
}

export const defaultTemplate = (language: Language) => DEFAULT_CODE_TEMPLATES[language];

export const loadCode = (draft: DraftKey, language: Language) =>
  read(codeKey(draft, language)) ?? defaultTemplate(language);
export const saveCode = (draft: DraftKey, language: Language, code: string) =>
  write(codeKey(draft, language), code);

export function loadTheme(): EditorTheme {
  const t = read(THEME_KEY);
  return (EDITOR_THEMES as readonly string[]).includes(t ?? '') ? (t as EditorTheme) : 'textmate';
}
export const saveTheme = (t: EditorTheme) => write(THEME_KEY, t);

export function loadLanguage(): Language {
  const l = read(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(l ?? '') ? (l as Language) : 'C++';
}
export const saveLanguage = (l: Language) => write(LANGUAGE_KEY, l);

const optionsKey = (language: Language) => `oj.editor.options.${language}`;

/** The standard and O2 switch last chosen for C or C++ (the defaults when none, or no longer valid). */
export function loadOptions(language: Language): LanguageOptions {
  const of = STANDARDS_OF[language];
  if (!of) return {};
  try {
    const kept = JSON.parse(read(optionsKey(language)) ?? '{}') as LanguageOptions;
    return {
      std: kept.std && of.standards.includes(kept.std) ? kept.std : of.default,
      o2: typeof kept.o2 === 'boolean' ? kept.o2 : true,
    };
  } catch {
    return { std: of.default, o2: true };
  }
}
export const saveOptions = (language: Language, options: LanguageOptions) =>
  write(optionsKey(language), JSON.stringify(options));

/** What a solving page keeps of its editor side: the open tab and the custom test's input. */
export interface SolveView {
  tab: string;
  customInput: string;
}

/**
 * The bank's view state per problem, kept for the session: SPEC §2 keeps the solving page cached,
 * so leaving it and coming back restores the tab, the custom input and the scroll (the live result
 * is kept by useFollowedSubmission).
 */
export interface ViewState extends SolveView {
  statementScroll: number;
  windowScroll: number;
}
const views = new Map<number, ViewState>();
export function viewState(problemId: number): ViewState {
  let v = views.get(problemId);
  if (!v) {
    v = { tab: 'test', customInput: '', statementScroll: 0, windowScroll: 0 };
    views.set(problemId, v);
  }
  return v;
}
