/** shared-ui/back-office: screens the admin and institute back offices share, parameterised by role. Never loaded by students. */
export * from './authoring';
export * from './people';
