// The style and the script of the HTML format page (html.ts): the mock's own, laid out on the
// ids ServiceStack 5's HtmlFormat template uses (`#lnks`, `#show-json`, `#content`), and drawn
// as it draws a model: an object as a `<dl>`, a list of objects as a `<table>` of their keys, a
// list of strings or numbers joined, `/Date(…)/` as `yyyy/MM/dd HH:mm`, an `http…` string as a
// link, names split into words (`DateCreated` is `Date Created`) unless the URL's hash says
// `dehumanize`. Every value is set as text (`textContent`), never parsed as markup; a link's
// `href` only ever holds an http(s) URL. Entities are decoded first, through a `<textarea>`
// (text only), so a value shows as the host's `innerHTML` shows it: `&lt;b&gt;` as `<b>`.

export const htmlPageStyle = `
body,h1,h3,dl,dt,dd{margin:0;padding:0;color:#444;font:13px/15px Arial,Verdana,Helvetica,sans-serif}
h1{text-align:center;font:24px Helvetica,Verdana,Arial,sans-serif;padding:20px 0 10px;background:#fbfbfb;border-bottom:1px solid #fff}
h1 i{font-style:normal;color:#0a4}
#lnks{position:absolute;top:5px;right:10px;font-size:11px}
#lnks a{color:#036;margin-left:4px}
#body{padding:20px}
#content{margin-top:10px}
dl{clear:left}
dt{margin:10px 0 5px;font:bold 16px/18px Helvetica,Verdana,Arial,sans-serif}
dd{margin:0 0 10px 15px}
table{border-collapse:collapse;border:1px solid #ccc;margin:5px 0}
th{text-align:left;background:#f4f4f4;padding:5px 10px;border:1px solid #ddd}
td{padding:5px 10px;border:1px solid #ddd;vertical-align:top}
#show-json{display:none;padding:10px}
#show-json textarea{width:100%;height:300px}
body.show-json #show-json{display:block}
body.show-json #content{display:none}
`

export const htmlPageScript = `(function () {
  var doc = document;
  var humanize = location.hash.indexOf('dehumanize') === -1;
  var fullDates = location.hash.indexOf('show=') >= 0 && location.hash.indexOf('fulldates') >= 0;
  var decoder = doc.createElement('textarea');
  function decoded(s) { decoder.innerHTML = s; return decoder.value; }
  function titleCase(s) {
    return s.replace(/\\w\\S*/g, function (t) { return t.charAt(0).toUpperCase() + t.substr(1).toLowerCase(); });
  }
  function label(k) { return humanize ? titleCase(k.replace(/([a-z0-9])([A-Z])/g, '$1 $2')) : k; }
  function shown(k) { return k.substr(0, 2) !== '__'; }
  function pad(d) { return d < 10 ? '0' + d : '' + d; }
  function dateText(s) {
    var d = new Date(parseFloat(/Date\\(([^)]+)\\)/.exec(s)[1]));
    var day = d.getFullYear() + '/' + pad(d.getMonth() + 1) + '/' + pad(d.getDate());
    return fullDates ? day : day + ' ' + pad(d.getHours()) + ':' + pad(d.getMinutes());
  }
  function text(s) { return doc.createTextNode(s); }
  function element(tag, children) {
    var node = doc.createElement(tag);
    for (var i = 0; i < children.length; i++) node.appendChild(children[i]);
    return node;
  }
  function str(m) {
    if (m.substr(0, 6) === '/Date(' && /Date\\(([^)]+)\\)/.test(m)) return text(dateText(m));
    var s = decoded(m);
    if (humanize && /^https?:\\/\\//i.test(s)) {
      var link = element('a', [text(s)]);
      link.href = s;
      return link;
    }
    return text(s);
  }
  function val(m) {
    if (m === null || m === undefined) return text('');
    if (typeof m === 'number') return text(String(m));
    if (typeof m === 'string') return str(m);
    if (typeof m === 'boolean') return text(m ? 'true' : 'false');
    return Array.isArray(m) ? arr(m) : obj(m);
  }
  function obj(m) {
    var list = doc.createElement('dl');
    for (var k in m) {
      if (!shown(k)) continue;
      var term = element('dt', [text(label(k))]);
      term.className = 'ib';
      list.appendChild(term);
      list.appendChild(element('dd', [val(m[k])]));
    }
    return list;
  }
  function arr(m) {
    if (typeof m[0] === 'string' || typeof m[0] === 'number') {
      return text(m.map(function (x) { return typeof x === 'string' ? decoded(x) : String(x); }).join(', '));
    }
    var keys = [];
    m.forEach(function (row) {
      for (var k in row) if (shown(k) && keys.indexOf(k) < 0) keys.push(k);
    });
    var head = element('tr', keys.map(function (k) { return element('th', [text(label(k))]); }));
    var body = doc.createElement('tbody');
    m.forEach(function (row) {
      if (!row) return;
      body.appendChild(element('tr', keys.map(function (k) { return element('td', [val(row[k])]); })));
    });
    return element('table', [element('thead', [head]), body]);
  }
  doc.getElementById('content').appendChild(val(model));
  var json = doc.getElementsByTagName('textarea')[0];
  // As the template's textarea shows it: the entities decoded, text alone.
  json.value = decoded(JSON.stringify(model));
  doc.getElementById('show-json-link').addEventListener('click', function (e) {
    e.preventDefault();
    doc.body.className = 'show-json';
    json.select();
    json.focus();
  });
  doc.getElementById('close-json').addEventListener('click', function () { doc.body.className = ''; });
})();
`
