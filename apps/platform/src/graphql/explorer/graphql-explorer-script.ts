/**
 * The explorer's one script (progressive enhancement: without it the form posts to the page, which
 * runs the query on the server). It runs the query from the page with `fetch`, as an app would: a
 * visitor token of the client id first when no credential is given, then `POST /graphql/{version}`;
 * Ctrl+Enter (or Cmd+Enter) runs it.
 */
export const graphQLExplorerScript = /* js */ `
(() => {
  const form = document.querySelector('form[data-explorer]');
  if (!form) return;
  const output = document.getElementById('explorer-output');
  const status = document.getElementById('explorer-status');
  const value = (name) => form.elements.namedItem(name).value.trim();
  const show = (heading, text) => {
    output.closest('section').hidden = false;
    status.textContent = heading;
    output.textContent = text;
  };
  const pretty = (text) => {
    try { return JSON.stringify(JSON.parse(text), null, 2); } catch { return text; }
  };
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    let variables;
    try {
      variables = value('variables') ? JSON.parse(value('variables')) : undefined;
    } catch (error) {
      show('Not sent', 'The variables are not JSON: ' + error.message);
      return;
    }
    try {
      let authorization = value('authorization');
      if (!authorization && value('clientId')) {
        const answer = await fetch('/oauth2/token', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ clientId: value('clientId'), grantType: 'anonymous' }),
        });
        const text = await answer.text();
        let token;
        try { token = JSON.parse(text).access_token; } catch {}
        if (!answer.ok || typeof token !== 'string') {
          show('Visitor token: HTTP ' + answer.status, pretty(text));
          return;
        }
        authorization = token;
        form.elements.namedItem('authorization').value = token;
      }
      const headers = { 'content-type': 'application/json' };
      if (authorization) headers.authorization = authorization;
      if (value('siteId')) headers['aisle-site-id'] = value('siteId');
      const started = performance.now();
      const answer = await fetch('/graphql/' + encodeURIComponent(value('version')), {
        method: 'POST',
        headers,
        body: JSON.stringify({ query: form.elements.namedItem('query').value, variables }),
      });
      const text = await answer.text();
      show('HTTP ' + answer.status + ' in ' + Math.round(performance.now() - started) + ' ms', pretty(text));
    } catch (error) {
      show('Not sent', String(error));
    }
  });
})();
`
