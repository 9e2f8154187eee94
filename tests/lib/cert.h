/*
 * Certificates for the TLS tests, made with OpenSSL's API (no openssl
 * command needed): an EC P-256 key and a certificate that signs itself,
 * valid from an hour ago for a day, naming one host in its subject and
 * its subjectAltName.  Such a certificate is also its own CA: a client
 * that trusts its file (server.tls_ca_file) accepts it, any other refuses
 * it as self-signed.
 */
#ifndef TESTS_CERT_H
#define TESTS_CERT_H

/* Writes the certificate for host (a DNS name) to cert_path and its key,
 * unencrypted, to key_path, both PEM.  0, or -1 (with a message on
 * stderr). */
int cert_make(const char *cert_path, const char *key_path, const char *host);

#endif
