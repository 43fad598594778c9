export * from './common';
export * from './richText';
export * from './elements';
export * from './material';
export * from './settings';
export * from './pageData';
