// Ids of the commands this extension contributes (package.json
// "contributes.commands"). They differ from the server's own command names
// (codeeval.evaluate, ...), which vscode-languageclient registers itself.

export const Command = {
  evaluateSolution: 'codeeval.evaluateSolution',
  showLastReport: 'codeeval.showLastReport',
  restartServer: 'codeeval.restartServer',
  openProblemFile: 'codeeval.openProblemFile',
  showSetup: 'codeeval.showSetup',
  refreshFilesByQuality: 'codeeval.refreshFilesByQuality',
  overrideScore: 'codeeval.overrideScoreByHand',
  showReviewQueue: 'codeeval.showReviewQueue',
  evaluateChanges: 'codeeval.evaluateChanges',
} as const;

export type CommandId = (typeof Command)[keyof typeof Command];

/** Built-in VS Code command that opens a Markdown preview beside the editor. */
export const MARKDOWN_PREVIEW_TO_SIDE = 'markdown.showPreviewToSide';
