import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type {
  AnswerFileInput,
  CustomTestResult,
  EditorTheme,
  Language,
  LanguageOptions,
  ReplayWire,
  Submitted,
} from '../../lib/contract';
import { customTest } from '../../api/problems';
import { loginPath } from '../../lib/account';
import { notify } from '../../lib/notify';
import { usePageActive } from '../../router/KeepAlive';
import { isLoggedIn, useUserStore } from '../../stores/user';
import type { AceDelta } from '../CodeEditor';
import { aceEditorIn, insertSnippet } from './aceHost';
import { onTypedCode } from '../../lib/prerender';
import {
  defaultTemplate,
  loadCode,
  loadLanguage,
  loadOptions,
  loadTheme,
  saveCode,
  saveLanguage,
  saveOptions,
  saveTheme,
  type DraftKey,
  type SolveView,
} from './codeStore';
import { recorderFor, sendWithReplay } from './replayRecorder';
import { useOfferedLanguages } from './languages';
import { useFollowedSubmission } from './useFollowedSubmission';
import { CUSTOM_INPUTS_PER_CALL, sampleRun, type SampleRun } from './sampleRuns';

/**
 * How a page sends a submission (`silent`: no error toast; a refused replay is sent again without
 * it; `options`: C / C++ standard and O2, absent for the other languages).
 */
export type SendCode = (
  language: Language,
  code: string,
  replay: ReplayWire | undefined,
  silent: boolean,
  options?: LanguageOptions,
) => Promise<Submitted>;

/** What differs between the solving pages: where the code goes and what its verdict changes. */
export interface SolveOptions {
  /** The bank problem being solved: its code in the store, its replay recorder, its custom tests. */
  problemId: number;
  /** Where the code is kept (codeStore's DraftKey); the problem id when absent (the bank). */
  draftKey?: DraftKey;
  /** The problem's samples: the custom test starts with the first and can run them all. */
  samples?: readonly { input: string; output: string }[];
  /** The submission this page follows (`problem:<id>`, `contest:<id>:<index>`); it outlives the page. */
  followKey: string;
  send: SendCode;
  /** Output-only problems: how the answer files are sent (one per test). */
  sendAnswers?: (answers: AnswerFileInput[]) => Promise<Submitted>;
  /** Each verdict of the followed submission, a rejudge's too: what it changes is read again. */
  onVerdict: () => void;
  /** The only languages the problem takes (null or absent: every language the site offers). */
  languages?: readonly Language[] | null;
  /** Where the tab and the custom input are kept; without one they start afresh, on the result tab. */
  view?: SolveView;
}

/**
 * The solving kit's one hook, used by every solving page (the bank's, the contest's): the code per
 * problem and language (kept in localStorage), language and theme, the code replay's recording,
 * submit → the followed submission → its live progress, and the custom test. A new kind of problem
 * (interactive, output-only, file I/O) changes what is edited, sent or run here and in SolveEditor,
 * not in the pages.
 */
export function useSolveEditor({
  problemId,
  draftKey,
  samples,
  followKey,
  send,
  sendAnswers,
  onVerdict,
  view: kept,
  languages,
}: SolveOptions) {
  const active = usePageActive();
  const user = useUserStore((s) => s.user);
  const navigate = useNavigate();
  const location = useLocation();
  const [view] = useState<SolveView>(() => kept ?? { tab: 'result', customInput: '' });
  const [language, setLanguage] = useState<Language>(loadLanguage);
  const [options, setOptions] = useState<LanguageOptions>(() => loadOptions(language));
  // SolveEditor switches away from a language not offered (kept from another page).
  const offered = useOfferedLanguages(languages);
  const [theme, setTheme] = useState<EditorTheme>(loadTheme);
  const draft = draftKey ?? problemId;
  const [code, setCode] = useState(() => loadCode(draft, language));
  const codeRef = useRef(code);
  codeRef.current = code;
  const panelRef = useRef<HTMLDivElement>(null);
  const [tab, setTab] = useState(view.tab);
  const [customInput, setCustomInput] = useState(view.customInput);
  const [submitting, setSubmitting] = useState(false);
  const [testing, setTesting] = useState(false);
  const [testResult, setTestResult] = useState<CustomTestResult | null>(null);
  const [sampleResults, setSampleResults] = useState<SampleRun[] | null>(null);
  const [runningSamples, setRunningSamples] = useState(false);

  // 自测 starts with the first sample (once, and only into an empty box: a typed input stays).
  const firstSample = samples?.[0]?.input;
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || firstSample === undefined) return;
    prefilled.current = true;
    setCustomInput((current) => (current === '' ? firstSample : current));
  }, [firstSample]);

  useEffect(() => {
    view.tab = tab;
    view.customInput = customInput;
  }, [view, tab, customInput]);

  // Shown again after being kept hidden: Ace measured nothing while hidden, so it lays out again.
  useEffect(() => {
    if (!active) return;
    for (const el of panelRef.current?.querySelectorAll('.ace_editor') ?? []) aceEditorIn(el)?.resize(true);
  }, [active]);

  // The latest submission is followed while the page is on screen, verdict and rejudges included.
  const { progress, follow } = useFollowedSubmission(followKey, active, onVerdict);

  // Code replay: every change is recorded (Ace's deltas; a reset or a language switch as a replacement).
  const recorder = () => recorderFor(problemId, language, codeRef.current);
  useEffect(() => void recorderFor(problemId, language, codeRef.current), [problemId, language]);

  const changeCode = (v: string, delta?: AceDelta) => {
    const r = recorder();
    if (delta) r.ace(delta, v);
    else r.sync(v);
    codeRef.current = v;
    setCode(v);
    saveCode(draft, language, v);
  };
  // Code typed into the server's first paint of the bank's problem page before this editor was
  // there (lib/prerender.ts) becomes the code, as if typed here.
  const changeCodeNow = useRef(changeCode);
  changeCodeNow.current = changeCode;
  useEffect(
    () =>
      draftKey === undefined ? onTypedCode(problemId, (typed) => changeCodeNow.current(typed)) : undefined,
    [problemId, draftKey],
  );
  const changeLanguage = (l: Language) => {
    const next = loadCode(draft, l);
    recorderFor(problemId, l, next).sync(next);
    setLanguage(l);
    saveLanguage(l);
    setOptions(loadOptions(l));
    setCode(next);
  };
  const changeOptions = (o: LanguageOptions) => {
    setOptions(o);
    saveOptions(language, o);
  };
  /** What is sent: the options only for the languages that take them. */
  const sentOptions = (): LanguageOptions | undefined => (options.std !== undefined ? options : undefined);
  const changeTheme = (t: EditorTheme) => {
    setTheme(t);
    saveTheme(t);
  };

  const submit = async () => {
    if (!isLoggedIn(user)) {
      // The code is in localStorage already (saved on every change): it is there after the login.
      saveCode(draft, language, codeRef.current);
      navigate(loginPath('submit', location.pathname));
      return;
    }
    setSubmitting(true);
    try {
      const code = codeRef.current;
      const { submission_id } = await sendWithReplay(recorder(), code, (replay, silent) =>
        send(language, code, replay, silent, sentOptions()),
      );
      notify.success('已提交，正在评测');
      follow(submission_id);
      setTab('result');
    } catch {
      // toast shown by the client
    } finally {
      setSubmitting(false);
    }
  };

  /** Output-only: the answer files instead of code; then followed like any submission. */
  const submitAnswers = async (answers: AnswerFileInput[]) => {
    if (!isLoggedIn(user)) {
      navigate(loginPath('submit', location.pathname));
      return;
    }
    if (!sendAnswers) return;
    setSubmitting(true);
    try {
      const { submission_id } = await sendAnswers(answers);
      notify.success('答案已提交，正在评测');
      follow(submission_id);
      setTab('result');
    } catch {
      // toast shown by the client
    } finally {
      setSubmitting(false);
    }
  };

  /** 自测: the code on the user's own input (`judge/test`); nothing is recorded, the replay marks it. */
  const runTest = async () => {
    recorder().mark('r');
    setTesting(true);
    try {
      const [r] = await customTest(language, codeRef.current, [customInput], problemId, sentOptions());
      setTestResult(r);
    } catch {
      // the error toast already says why
    } finally {
      setTesting(false);
    }
  };

  /** 运行全部样例: every sample through `judge/test` (at most 10 inputs a call), each compared. */
  const runSamples = async () => {
    if (!samples?.length) return;
    recorder().mark('r');
    setRunningSamples(true);
    try {
      const out: SampleRun[] = [];
      for (let at = 0; at < samples.length; at += CUSTOM_INPUTS_PER_CALL) {
        const part = samples.slice(at, at + CUSTOM_INPUTS_PER_CALL);
        const results = await customTest(
          language,
          codeRef.current,
          part.map((s) => s.input),
          problemId,
          sentOptions(),
        );
        part.forEach((s, i) => out.push(sampleRun(at + i, s.output, results[i])));
      }
      setSampleResults(out);
    } catch {
      // the error toast already says why
    } finally {
      setRunningSamples(false);
    }
  };

  return {
    problemId,
    loggedIn: isLoggedIn(user),
    /** The login page for `reason`, coming back to this page. */
    loginFor: (reason: 'submit' | 'custom-test') => loginPath(reason, location.pathname),
    panelRef,
    language,
    changeLanguage,
    /** What the language switch offers: the site's languages, within the problem's list (issue 25). */
    offered,
    /** C / C++: the standard and the O2 switch (empty for the other languages). */
    options,
    changeOptions,
    theme,
    changeTheme,
    code,
    changeCode,
    resetCode: () => changeCode(defaultTemplate(language)),
    insertSnippet: (text: string) => insertSnippet(panelRef.current, text, changeCode),
    tab,
    setTab,
    submitting,
    submit,
    submitAnswers,
    progress,
    test: {
      input: customInput,
      setInput: setCustomInput,
      run: runTest,
      running: testing,
      result: testResult,
      sampleCount: samples?.length ?? 0,
      runSamples,
      runningSamples,
      sampleResults,
    },
  };
}

export type SolveEditorState = ReturnType<typeof useSolveEditor>;
