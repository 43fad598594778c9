export * from './common';
export * from './richText';
export { gapsOf } from './cloze';
export * from './elements';
export * from './material';
export * from './settings';
export * from './pageData';
