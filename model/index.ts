export * from './common';
export * from './richText';
export { gapsOf } from '../src/kinds/cloze/cloze.model';
export * from './elements';
export * from './material';
export * from './settings';
export * from './pageData';
