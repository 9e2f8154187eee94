/*
 * Self-signed certificates for tests (cert.h).
 */
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include "cert.h"

/* Adds the extension name = value (openssl's config syntax) to x, which
 * signs itself. */
static int
cert_ext(X509 *x, int nid, const char *value)
{
	X509V3_CTX ctx;
	X509_EXTENSION *ext;
	int ok;

	X509V3_set_ctx_nodb(&ctx);
	X509V3_set_ctx(&ctx, x, x, NULL, NULL, 0);
	ext = X509V3_EXT_conf_nid(NULL, &ctx, nid, value);
	if (ext == NULL)
		return 0;
	ok = X509_add_ext(x, ext, -1);
	X509_EXTENSION_free(ext);
	return ok;
}

/* Writes the PEM of x (cert) or key to path. */
static int
cert_write(const char *path, X509 *x, EVP_PKEY *key)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (f == NULL)
		return 0;
	ok = x != NULL
	         ? PEM_write_X509(f, x)
	         : PEM_write_PrivateKey(f, key, NULL, NULL, 0, NULL, NULL);
	return fclose(f) == 0 && ok;
}

int
cert_make(const char *cert_path, const char *key_path, const char *host)
{
	EVP_PKEY *key = EVP_PKEY_Q_keygen(NULL, NULL, "EC", "P-256");
	X509 *x = X509_new();
	X509_NAME *name;
	const char *why;
	char san[300];
	int ok;

	snprintf(san, sizeof san, "DNS:%s", host);
	ok = key != NULL && x != NULL && X509_set_version(x, 2) &&
	     ASN1_INTEGER_set(X509_get_serialNumber(x), (long)time(NULL)) &&
	     X509_gmtime_adj(X509_getm_notBefore(x), -3600) != NULL &&
	     X509_gmtime_adj(X509_getm_notAfter(x), 86400) != NULL &&
	     X509_set_pubkey(x, key);
	if (ok) {
		name = X509_get_subject_name(x);
		ok = X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC,
		         (const unsigned char *)host, -1, -1, 0) &&
		     X509_set_issuer_name(x, name) &&
		     cert_ext(x, NID_basic_constraints, "critical,CA:TRUE") &&
		     cert_ext(x, NID_subject_key_identifier, "hash") &&
		     cert_ext(x, NID_subject_alt_name, san) &&
		     X509_sign(x, key, EVP_sha256()) > 0 &&
		     cert_write(cert_path, x, NULL) &&
		     cert_write(key_path, NULL, key);
	}
	if (!ok) {
		why = ERR_reason_error_string(ERR_get_error());
		fprintf(stderr, "test: cannot make a certificate: %s\n",
		    why != NULL ? why : "unknown error");
		ERR_clear_error();
	}
	X509_free(x);
	EVP_PKEY_free(key);
	return ok ? 0 : -1;
}
