// Tutorials (shell-and-account.md §3 Tutorial, §7 Tutorials): the tutorial site's topics and tutorials in the asked
// language (English when there is none), and the driver's completion records.

export { completeTutorial, listCompletedTutorials } from './completed';
export { listTopics, listTutorials, resolveTutorialLanguage } from './content-service';
