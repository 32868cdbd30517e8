// The QuickPick of problems the server offers (`needsProblem` choices, or
// `codeeval.listProblems`), and what to send back for the one picked.

import type { QuickPickItem } from 'vscode';
import { NO_PROBLEM, ProblemChoice } from './protocol';
import * as api from './vscodeApi';

interface ProblemItem extends QuickPickItem {
  choice: ProblemChoice;
}

function toItem(choice: ProblemChoice): ProblemItem {
  if (choice.name === NO_PROBLEM) {
    return {
      label: '$(circle-slash) No problem',
      description: 'quality and robustness only',
      detail: choice.summary ?? undefined,
      choice,
    };
  }
  return { label: choice.name, description: choice.summary ?? undefined, detail: choice.path ?? undefined, choice };
}

export interface PickOptions {
  title: string;
  placeHolder: string;
  /** Offer "no problem" (evaluation) or not (opening a problem file). */
  includeNone: boolean;
}

/** Undefined when the user dismissed the pick or there was nothing to pick. */
export async function pickProblem(choices: readonly ProblemChoice[], options: PickOptions): Promise<ProblemChoice | undefined> {
  const offered = choices.filter((c) => options.includeNone || c.name !== NO_PROBLEM);
  if (offered.length === 0) {
    return undefined;
  }
  const picked = await api.showQuickPick(offered.map(toItem), {
    title: options.title,
    placeHolder: options.placeHolder,
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  return picked?.choice;
}
