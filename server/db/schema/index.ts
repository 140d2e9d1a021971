export * from './admin';
export * from './taxonomy';
export * from './media';
export * from './articles';
export * from './albums';
export * from './workflow';
export * from './editorial';
export * from './videos';
