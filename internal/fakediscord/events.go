package fakediscord

import "fmt"

// Guild and channel IDs the builders use unless told otherwise.
const (
	GuildID     = "900"
	ChannelID   = "901"
	DMChannelID = "902"
	UserID      = "777"
)

// Message returns a MESSAGE_CREATE payload from user UserID. An empty
// guildID makes it a DM.
func (s *Server) Message(channelID, guildID, content string, atts ...Attachment) map[string]any {
	m := map[string]any{
		"id": s.NewID(), "channel_id": channelID, "content": content, "type": 0,
		"author":      map[string]any{"id": UserID, "username": "player", "discriminator": "0"},
		"attachments": nonNil(atts), "embeds": []any{}, "mentions": []any{},
		"timestamp": "2026-11-22T04:00:00.000000+00:00",
	}
	if guildID != "" {
		m["guild_id"] = guildID
		m["member"] = map[string]any{"roles": []any{}}
	}
	return m
}

// Mention adds a mention of the bot to a message payload, as Discord does
// when the content holds <@BotID>.
func (s *Server) Mention(m map[string]any) map[string]any {
	m["content"] = fmt.Sprintf("<@%s> %s", s.BotID, m["content"])
	m["mentions"] = []any{map[string]any{"id": s.BotID, "username": "sudokubot", "bot": true}}
	return m
}

func nonNil(a []Attachment) []Attachment {
	if a == nil {
		return []Attachment{}
	}
	return a
}

// Option is a slash command option as an interaction carries it.
type Option struct {
	Name  string `json:"name"`
	Type  int    `json:"type"`
	Value any    `json:"value"`
}

// StringOption builds a string option of a slash command.
func StringOption(name, v string) Option { return Option{Name: name, Type: 3, Value: v} }

// IntOption builds an integer option.
func IntOption(name string, v int) Option { return Option{Name: name, Type: 4, Value: v} }

// AttachmentOption builds an attachment option; its value is the
// attachment's ID, resolved in the interaction.
func AttachmentOption(name string, a Attachment) Option {
	return Option{Name: name, Type: 11, Value: a.ID}
}

// interaction returns the common fields of an interaction in a guild
// channel, from user UserID.
func (s *Server) interaction(typ int, data map[string]any) map[string]any {
	id := s.NewID()
	return map[string]any{
		"id": id, "application_id": s.AppID, "type": typ, "data": data,
		"guild_id": GuildID, "channel_id": ChannelID, "token": "itoken-" + id, "version": 1,
		"member": map[string]any{"user": map[string]any{"id": UserID, "username": "player"}, "roles": []any{}},
		"locale": "en-US", "app_permissions": "0",
	}
}

// SlashCommand returns an INTERACTION_CREATE payload for /name with the
// options; attachments used by the options go in resolved.
func (s *Server) SlashCommand(name string, opts []Option, atts ...Attachment) map[string]any {
	data := map[string]any{"id": "c-" + name, "name": name, "type": 1, "options": opts}
	if len(atts) > 0 {
		res := map[string]any{}
		for _, a := range atts {
			res[a.ID] = a
		}
		data["resolved"] = map[string]any{"attachments": res}
	}
	return s.interaction(2, data)
}

// MessageCommand returns an INTERACTION_CREATE payload for the message
// context menu command name on the target message payload.
func (s *Server) MessageCommand(name string, target map[string]any) map[string]any {
	id, _ := target["id"].(string)
	data := map[string]any{"id": "c-" + name, "name": name, "type": 3, "target_id": id,
		"resolved": map[string]any{"messages": map[string]any{id: target}}}
	return s.interaction(2, data)
}

// ButtonPress returns an INTERACTION_CREATE payload for a press on the
// button customID.
func (s *Server) ButtonPress(customID string) map[string]any {
	return s.interaction(3, map[string]any{"custom_id": customID, "component_type": 2})
}

// CallbackPath returns the path of the interaction's callback call.
func CallbackPath(ia map[string]any) string {
	return fmt.Sprintf("/api/v9/interactions/%s/%s/callback", ia["id"], ia["token"])
}

// OriginalPath returns the path of the interaction's original response, as
// edited or deleted through the webhook.
func (s *Server) OriginalPath(ia map[string]any) string {
	return fmt.Sprintf("/api/v9/webhooks/%s/%s/messages/@original", s.AppID, ia["token"])
}

// FollowupPath returns the path of the interaction's follow-up messages.
func (s *Server) FollowupPath(ia map[string]any) string {
	return fmt.Sprintf("/api/v9/webhooks/%s/%s", s.AppID, ia["token"])
}
