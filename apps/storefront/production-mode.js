// Imported first by server.js: React and React Router choose their development or production build when
// they are first evaluated, which comes before any statement of server.js (imports run first). Without it,
// a server started with no NODE_ENV mixed React's development build with React DOM's production one and
// answered every page 500 ("dispatcher.getOwner is not a function").
process.env.NODE_ENV ??= 'production'
