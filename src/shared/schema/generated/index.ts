/**
 * Generated from the files exported below
 * by npm run schemas:generate: edit the source, then regenerate. Do not edit by hand.
 */
export * from './pageKinds.js';
export * from './allocationPage.js';
export * from './articlePage.js';
export * from './dashboardPage.js';
export * from './detailPage.js';
export * from './formPage.js';
export * from './listPage.js';
export * from './lookupPage.js';
export * from './progressPage.js';
export * from './rankingPage.js';
export * from './statisticsPage.js';
export * from './studioPage.js';
export * from './entity.js';
export * from './field.js';
export * from './action.js';
export * from './routes.js';
export * from './workflow.js';
export * from './dictionary.js';
export * from './menu.js';
export * from './settings.js';
export * from './subSystems.js';
export * from './changeKinds.js';
export * from './reviewTargets.js';
export * from './widgetNames.js';
