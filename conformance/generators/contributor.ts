// The contributor-pattern log fixtures live with the contributor suite.
export { logFixtures } from '../contributor/log-fixtures.js';
