package kubernetes

import (
	"fmt"
	"strings"
)

// parseYAML parses the block YAML the manifests are written in: mappings,
// sequences (also of mappings, "- key: value"), plain and quoted scalars,
// flow sequences of scalars, {} and [], comments and "---" between
// documents. Every scalar is a string. Anything else (tabs, block scalars,
// anchors, a key given twice, a line indented where nothing opens) is an
// error, so that a mistake in a manifest shows.
func parseYAML(src string) ([]any, error) {
	var docs []any
	var ls []yline
	flush := func() error {
		if len(ls) == 0 {
			return nil
		}
		v, i, err := parseBlock(ls, 0, ls[0].indent)
		if err == nil && i < len(ls) {
			err = fmt.Errorf("line %d: unexpected indentation", ls[i].n)
		}
		docs = append(docs, v)
		ls = nil
		return err
	}
	for n, raw := range strings.Split(src, "\n") {
		text := strings.TrimRight(stripComment(raw), " ")
		body := strings.TrimLeft(text, " ")
		switch {
		case body == "":
			continue
		case strings.HasPrefix(body, "\t") || strings.Contains(text[:len(text)-len(body)], "\t"):
			return nil, fmt.Errorf("line %d: a tab in the indentation", n+1)
		case text == "---":
			if err := flush(); err != nil {
				return nil, err
			}
			continue
		case strings.ContainsAny(body[:1], "&*!%@`|>"):
			return nil, fmt.Errorf("line %d: %q is not supported here", n+1, body)
		}
		ls = append(ls, yline{indent: len(text) - len(body), text: body, n: n + 1})
	}
	if err := flush(); err != nil {
		return nil, err
	}
	return docs, nil
}

// yline is one line of YAML without its indentation and comment.
type yline struct {
	indent int
	text   string
	n      int // line number, from 1
}

func isItem(s string) bool { return s == "-" || strings.HasPrefix(s, "- ") }

func parseBlock(ls []yline, i, indent int) (any, int, error) {
	if isItem(ls[i].text) {
		return parseSeq(ls, i, indent)
	}
	return parseMap(ls, i, indent)
}

func parseMap(ls []yline, i, indent int) (any, int, error) {
	m := map[string]any{}
	for i < len(ls) && ls[i].indent == indent && !isItem(ls[i].text) {
		l := ls[i]
		key, rest, ok := splitKey(l.text)
		if !ok {
			return nil, i, fmt.Errorf("line %d: want key: value, have %q", l.n, l.text)
		}
		if _, dup := m[key]; dup {
			return nil, i, fmt.Errorf("line %d: %s given twice", l.n, key)
		}
		i++
		if rest != "" {
			v, err := scalar(rest, l.n)
			if err != nil {
				return nil, i, err
			}
			m[key] = v
			continue
		}
		m[key] = nil
		if i < len(ls) && (ls[i].indent > indent || ls[i].indent == indent && isItem(ls[i].text)) {
			v, next, err := parseBlock(ls, i, ls[i].indent)
			if err != nil {
				return nil, next, err
			}
			m[key], i = v, next
		}
	}
	if i < len(ls) && ls[i].indent > indent {
		return nil, i, fmt.Errorf("line %d: unexpected indentation", ls[i].n)
	}
	return m, i, nil
}

func parseSeq(ls []yline, i, indent int) (any, int, error) {
	s := []any{}
	for i < len(ls) && ls[i].indent == indent && isItem(ls[i].text) {
		l := ls[i]
		rest := strings.TrimLeft(l.text[1:], " ")
		switch _, _, isMap := splitKey(rest); {
		case rest == "":
			i++
			if i >= len(ls) || ls[i].indent <= indent {
				s = append(s, nil)
				continue
			}
			v, next, err := parseBlock(ls, i, ls[i].indent)
			if err != nil {
				return nil, next, err
			}
			s, i = append(s, v), next
		case isMap || isItem(rest):
			// "- key: value": a mapping whose keys line up with key.
			sub := append([]yline(nil), ls[i:]...)
			sub[0] = yline{indent: indent + len(l.text) - len(rest), text: rest, n: l.n}
			v, next, err := parseBlock(sub, 0, sub[0].indent)
			if err != nil {
				return nil, i + next, err
			}
			s, i = append(s, v), i+next
		default:
			v, err := scalar(rest, l.n)
			if err != nil {
				return nil, i, err
			}
			s, i = append(s, v), i+1
		}
	}
	return s, i, nil
}

// splitKey splits "key: value" or "key:" outside quotes.
func splitKey(s string) (key, rest string, ok bool) {
	if s == "" || strings.ContainsAny(s[:1], `"'[{`) && !strings.HasPrefix(s, `"`) && !strings.HasPrefix(s, `'`) {
		return "", "", false
	}
	start := 0
	if q := s[0]; q == '"' || q == '\'' {
		end := strings.IndexByte(s[1:], q)
		if end < 0 {
			return "", "", false
		}
		start = end + 2
	}
	for j := start; j < len(s); j++ {
		if s[j] == ':' && (j+1 == len(s) || s[j+1] == ' ') {
			key = strings.Trim(s[:j], `"'`)
			return key, strings.TrimSpace(s[j+1:]), key != ""
		}
	}
	return "", "", false
}

// scalar reads a value: a quoted or plain string, {} or a flow sequence of
// scalars.
func scalar(s string, n int) (any, error) {
	switch {
	case s == "{}":
		return map[string]any{}, nil
	case strings.HasPrefix(s, "["):
		if !strings.HasSuffix(s, "]") {
			return nil, fmt.Errorf("line %d: unclosed [", n)
		}
		out := []any{}
		for _, f := range strings.Split(s[1:len(s)-1], ",") {
			if f = strings.TrimSpace(f); f != "" {
				v, err := scalar(f, n)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
		}
		return out, nil
	case strings.HasPrefix(s, `"`) || strings.HasPrefix(s, "'"):
		if len(s) < 2 || s[len(s)-1] != s[0] {
			return nil, fmt.Errorf("line %d: unclosed quote in %s", n, s)
		}
		return s[1 : len(s)-1], nil
	case strings.ContainsAny(s[:1], "&*!%@`|>{"):
		return nil, fmt.Errorf("line %d: %q is not supported here", n, s)
	}
	return s, nil
}

// stripComment removes a comment: a # at the start or after a space,
// outside quotes.
func stripComment(line string) string {
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			if i == 0 || strings.ContainsRune(" :-[,", rune(line[i-1])) {
				quote = c
			}
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return line[:i]
		}
	}
	return line
}
