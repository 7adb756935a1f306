export * from './common';
export * from './users';
export * from './stocks';
export * from './wallet';
export * from './walletApi';
export * from './predictions';
export * from './testAccounts';
export * from './admin';
